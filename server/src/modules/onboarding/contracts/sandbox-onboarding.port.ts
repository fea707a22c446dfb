/**
 * The sandbox's one development-only step that has no provider API: finishing a landlord's hosted
 * onboarding without the landlord (demo data). Provided only with the sandbox gateway, so callers
 * inject it as optional and production code never reaches the sandbox's own classes.
 */
export abstract class SandboxOnboarding {
  abstract completeOnboarding(accountId: string): Promise<unknown>;
}
