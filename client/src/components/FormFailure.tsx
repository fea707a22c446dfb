import { Notice } from './Notice';

/** Why the server refused a form that passed its own checks, announced as it appears; nothing while there is none. */
export function FormFailure({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <div role="alert">
      <Notice tone="danger" title={message} />
    </div>
  );
}
