import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './Button';
import './ConfirmDialog.css';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  /** The label of the button that does it, e.g. 'Remove Tenant'. */
  confirmLabel: string;
  cancelLabel?: string;
  /** Destructive actions get the danger colour. */
  tone?: 'danger' | 'primary';
  isWorking?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asks before something that cannot be undone. A native modal <dialog>: focus moves into it and
 * stays there, Escape cancels, and the page behind is inert. Cancel has focus first, so a stray
 * Enter never removes anything.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'danger',
  isWorking = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={children ? bodyId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        if (!isWorking) onCancel();
      }}
    >
      {open && (
        <div className="confirm-dialog__panel">
          <h2 id={titleId} className="confirm-dialog__title">
            {title}
          </h2>
          {children && (
            <div id={bodyId} className="confirm-dialog__body">
              {children}
            </div>
          )}
          <div className="confirm-dialog__actions">
            <Button variant="secondary" onClick={onCancel} disabled={isWorking} autoFocus>
              {cancelLabel}
            </Button>
            <Button variant={tone} onClick={onConfirm} isLoading={isWorking}>
              {confirmLabel}
            </Button>
          </div>
        </div>
      )}
    </dialog>
  );
}
