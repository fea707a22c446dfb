import { supportEmail as builtInSupportEmail } from '../../app/config';
import { useOnboardingSettingsQuery } from './onboardingApi';

/** The server's SUPPORT_EMAIL; the address built into the client until (or if) the server answers. */
export function useSupportEmail(): string {
  const { data } = useOnboardingSettingsQuery();
  return data?.supportEmail ?? builtInSupportEmail;
}
