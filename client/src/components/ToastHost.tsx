import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { dismissToast, useToasts, type ToastTone } from './toastStore';

const toneIcon: Record<ToastTone, typeof Info> = {
  info: Info,
  success: CircleCheck,
  error: CircleAlert,
};

/** Renders toasts raised with `showToast`. Mount once; the live region must exist before a toast appears. */
export function ToastHost() {
  const toasts = useToasts();
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {toasts.map(({ id, message, tone }) => {
        const Icon = toneIcon[tone];
        return (
          <div key={id} className={`toast toast--${tone}`}>
            <Icon className="toast__icon" aria-hidden="true" size={20} />
            <p className="toast__message">{message}</p>
            <button type="button" className="toast__dismiss" onClick={() => dismissToast(id)}>
              <X aria-hidden="true" size={18} />
              <span className="visually-hidden">Dismiss</span>
            </button>
          </div>
        );
      })}
    </div>
  );
}
