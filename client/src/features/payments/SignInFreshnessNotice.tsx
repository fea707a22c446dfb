import { useEffect, useState } from 'react';
import { LogIn } from 'lucide-react';
import { signInFreshness, type SignInFreshness } from '@rentwise/libs/payment-rules';
import { paths } from '../../app/paths';
import { sessionApi } from '../../app/session';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';

/** The sign-in's standing for paying, kept current by a timer set for its next change. */
function useSignInFreshness(signedInAt: string): SignInFreshness {
  const [freshness, setFreshness] = useState(() => signInFreshness(new Date(signedInAt), new Date()).freshness);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      const now = signInFreshness(new Date(signedInAt), new Date());
      setFreshness(now.freshness);
      if (now.changesAt) timer = setTimeout(update, Math.max(0, now.changesAt.getTime() - Date.now()));
    };
    update();
    return () => clearTimeout(timer);
  }, [signedInAt]);
  return freshness;
}

/**
 * Pay refuses a sign-in 30 or more minutes old (spec section 5) and signs the tenant out. Said here
 * first, when the screen opens or as the sign-in ages while the tenant types, with a way to sign in
 * again that brings them back to this screen before they have typed anything to lose.
 */
export function SignInFreshnessNotice({ signedInAt }: { signedInAt: string }) {
  const freshness = useSignInFreshness(signedInAt);
  const [signOut] = sessionApi.useSignOutMutation();
  const [leaving, setLeaving] = useState(false);
  if (freshness === 'fresh') return null;

  const signInAgain = (
    <Button
      variant={freshness === 'stale' ? 'primary' : 'secondary'}
      isLoading={leaving}
      onClick={() => {
        setLeaving(true);
        // A whole new page, not a route change: nothing of the old session stays in memory, and the
        // sign-in page cannot see it as still signed in. Signing in lands a tenant on this screen.
        void signOut()
          .unwrap()
          .catch(() => undefined)
          .then(() => window.location.assign(paths.signIn.againToPayHref()));
      }}
    >
      <LogIn aria-hidden="true" size={18} />
      Sign in again
    </Button>
  );
  return (
    <div className="pay-sign-in" aria-live="polite">
      {freshness === 'stale' ? (
        <Notice tone="warning" title="Sign in again before paying">
          <p>For your security, paying needs a sign-in from the last 30 minutes. Nothing has been charged; you’ll come straight back here.</p>
          {signInAgain}
        </Notice>
      ) : (
        <Notice tone="info" title="Your sign-in is nearly 30 minutes old">
          <p>Pay within a few minutes, or sign in again first: after 30 minutes, paying asks you to sign in again.</p>
          {signInAgain}
        </Notice>
      )}
    </div>
  );
}
