import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Copy, KeyRound, Wand2 } from 'lucide-react';
import { MESSAGES } from '@rentwise/libs/messages';
import { authorizeNetKeysSchema, type AuthorizeNetKeysInput } from '@rentwise/libs/schemas/authorize-net-account.schema';
import { refusalMessage } from '../app/apiError';
import {
  type AuthorizeNetAccountOwner,
  type AuthorizeNetAccountView,
  type ConnectedAuthorizeNetAccount,
  useCreateSandboxMerchantMutation,
  useGetAuthorizeNetAccountQuery,
  useSaveAuthorizeNetKeysMutation,
} from '../app/authorizeNetAccountApi';
import { dateTimeLabel } from '../app/dates';
import { Button } from './Button';
import { Card } from './Card';
import { FormFailure } from './FormFailure';
import { LoadFailed } from './LoadFailed';
import { Notice } from './Notice';
import { Skeleton } from './Skeleton';
import { TextField } from './TextField';
import './authorize-net-account.css';

const API_CREDENTIALS = 'Account > Settings > API Credentials & Keys';

/** The public values stay in the form for a replacement (often only the keys change); the secrets never do. */
const formValuesOf = (account: ConnectedAuthorizeNetAccount | null): AuthorizeNetKeysInput => ({
  apiLoginId: account?.apiLoginId ?? '',
  transactionKey: '',
  signatureKey: '',
  publicClientKey: account?.publicClientKey ?? '',
});

const ENVIRONMENT_NOTE: Record<AuthorizeNetAccountView['environment'], { title: string; text: string } | null> = {
  offline: {
    title: 'Offline sandbox',
    text: 'Authorize.Net is simulated on this server. Fill in sandbox keys to open a new test merchant account.',
  },
  sandbox: {
    title: 'Authorize.Net sandbox',
    text: 'Enter the keys of an Authorize.Net sandbox account (sandbox.authorize.net). No real money moves.',
  },
  production: null,
};

/** The URL Authorize.Net posts this account's payment events to, with a button that copies it. */
function WebhookUrl({ url }: { url: string }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard (an insecure page, a refused permission): select it for the person to copy.
      input.current?.select();
    }
  }

  return (
    <div className="anet-account__webhook">
      <label className="field__label" htmlFor={inputId}>
        Webhook URL
      </label>
      <p className="field__hint" id={`${inputId}-hint`}>
        In Authorize.Net, open Account &gt; Webhooks, add an endpoint with this URL for the payment events, and make it Active.
      </p>
      <div className="anet-account__copy-row">
        <input
          ref={input}
          id={inputId}
          className="field__input anet-account__mono"
          value={url}
          readOnly
          aria-describedby={`${inputId}-hint`}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? <Check aria-hidden="true" size={18} /> : <Copy aria-hidden="true" size={18} />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p className="visually-hidden" role="status">
        {copied ? 'Webhook URL copied.' : ''}
      </p>
    </div>
  );
}

function ConnectedAccount({ account }: { account: ConnectedAuthorizeNetAccount }) {
  return (
    <div className="anet-account__connected">
      <dl className="anet-account__values">
        <div>
          <dt>API Login ID</dt>
          <dd className="anet-account__mono">{account.apiLoginId}</dd>
        </div>
        <div>
          <dt>Public Client Key</dt>
          <dd className="anet-account__mono">{account.publicClientKey}</dd>
        </div>
        <div>
          <dt>Saved</dt>
          <dd>
            <time dateTime={account.savedAt}>{dateTimeLabel(account.savedAt)}</time>
            {account.savedByName && ` by ${account.savedByName}`}
          </dd>
        </div>
      </dl>
      <WebhookUrl url={account.webhookUrl} />
    </div>
  );
}

interface KeysFormProps {
  owner: AuthorizeNetAccountOwner;
  view: AuthorizeNetAccountView;
  /** Said when the keys are saved. */
  savedMessage: string;
}

function KeysForm({ owner, view, savedMessage }: KeysFormProps) {
  const [saveKeys] = useSaveAuthorizeNetKeysMutation();
  const [createSandboxMerchant, { isLoading: creatingMerchant }] = useCreateSandboxMerchantMutation();
  const [failure, setFailure] = useState<string>();
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<AuthorizeNetKeysInput, unknown, AuthorizeNetKeysInput>({
    resolver: zodResolver(authorizeNetKeysSchema),
    defaultValues: formValuesOf(view.account),
  });
  const replacing = view.account !== null;
  const headingId = useId();

  async function fillSandboxKeys() {
    setFailure(undefined);
    setSaved(false);
    try {
      const keys = await createSandboxMerchant().unwrap();
      for (const name of ['apiLoginId', 'transactionKey', 'signatureKey', 'publicClientKey'] as const) {
        setValue(name, keys[name], { shouldValidate: true, shouldDirty: true });
      }
    } catch (error) {
      setFailure(refusalMessage(error) ?? MESSAGES.noGatewayResponse);
    }
  }

  const submit = handleSubmit(async (keys) => {
    setFailure(undefined);
    setSaved(false);
    try {
      const answer = await saveKeys({ owner, keys }).unwrap();
      reset(formValuesOf(answer.account));
      setSaved(true);
    } catch (error) {
      // 400 a value, 409 keys of another landlord, 422 Authorize.Net refused them: the server's words; no answer: try again.
      setFailure(refusalMessage(error) ?? MESSAGES.noGatewayResponse);
    }
  });

  return (
    <form className="anet-account__form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={headingId}>
      <div className="anet-account__form-head">
        <h3 id={headingId} className="anet-account__form-title">
          {replacing ? 'Replace the keys' : 'Enter the keys'}
        </h3>
        <p className="muted">
          From {API_CREDENTIALS} in the Authorize.Net merchant interface. Rentwise checks them with Authorize.Net before saving; the Transaction Key
          and Signature Key are stored encrypted and never shown again.
        </p>
      </div>

      {view.environment === 'offline' && (
        <div>
          <Button variant="secondary" onClick={() => void fillSandboxKeys()} isLoading={creatingMerchant}>
            <Wand2 aria-hidden="true" size={18} />
            Fill in sandbox keys
          </Button>
        </div>
      )}

      <TextField
        label="API Login ID"
        hint={`Under ${API_CREDENTIALS}.`}
        autoComplete="off"
        spellCheck={false}
        error={errors.apiLoginId?.message}
        {...register('apiLoginId')}
      />
      <TextField
        label="Transaction Key"
        hint="On the same page: choose New Transaction Key. Authorize.Net shows it only once."
        type="password"
        autoComplete="off"
        error={errors.transactionKey?.message}
        {...register('transactionKey')}
      />
      <TextField
        label="Signature Key"
        hint="On the same page: choose New Signature Key. It proves the webhooks come from Authorize.Net."
        type="password"
        autoComplete="off"
        error={errors.signatureKey?.message}
        {...register('signatureKey')}
      />
      <TextField
        label="Public Client Key"
        hint="Under Account > Settings > Manage Public Client Key. Tenants’ browsers use it to send the card to Authorize.Net."
        autoComplete="off"
        spellCheck={false}
        error={errors.publicClientKey?.message}
        {...register('publicClientKey')}
      />

      <FormFailure message={failure} />
      {saved && (
        <div role="status">
          <Notice tone="success" title={savedMessage} />
        </div>
      )}
      <div className="anet-account__actions">
        <Button type="submit" isLoading={isSubmitting}>
          <KeyRound aria-hidden="true" size={18} />
          {replacing ? 'Replace Keys' : 'Save Keys'}
        </Button>
      </div>
    </form>
  );
}

function AccountLoading() {
  return (
    <div aria-busy="true" aria-label="Loading the Authorize.Net account" className="anet-account__loading">
      <Skeleton width="40%" />
      <Skeleton width="70%" />
      <Skeleton width="100%" height="2.75rem" />
    </div>
  );
}

interface AuthorizeNetAccountProps {
  owner: AuthorizeNetAccountOwner;
  /** Said when the keys are saved: the landlord's 'Your ... is connected', or the operator's words naming them. */
  savedMessage?: string;
}

/**
 * A landlord's own Authorize.Net merchant account, on their page and the operator's: the account
 * connected (its public values and the webhook URL to give Authorize.Net) and the form that enters
 * or replaces its four keys.
 */
export function AuthorizeNetAccount({ owner, savedMessage = MESSAGES.authorizeNetAccountSaved }: AuthorizeNetAccountProps) {
  const { data: view, isError, isFetching, refetch } = useGetAuthorizeNetAccountQuery(owner);
  const environmentNote = view && ENVIRONMENT_NOTE[view.environment];

  return (
    <Card as="section" className="anet-account" aria-labelledby="anet-account-title">
      <div className="anet-account__head">
        <h2 id="anet-account-title" className="anet-account__title">
          Authorize.Net account
        </h2>
        {view && (
          <span className={`status-pill status-pill--${view.account ? 'success' : 'neutral'}`}>
            {view.account ? 'Connected' : 'Not connected'}
          </span>
        )}
      </div>
      {!view && isFetching && <AccountLoading />}
      {!view && isError && !isFetching && <LoadFailed what="The Authorize.Net account" retry={() => void refetch()} />}
      {view && (
        <>
          {environmentNote && <Notice title={environmentNote.title}>{environmentNote.text}</Notice>}
          {view.account && <ConnectedAccount account={view.account} />}
          <KeysForm owner={owner} view={view} savedMessage={savedMessage} />
        </>
      )}
    </Card>
  );
}
