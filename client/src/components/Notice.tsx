import type { ReactNode } from 'react';
import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';

type NoticeTone = 'info' | 'success' | 'warning' | 'danger';

const toneIcon = {
  info: Info,
  success: CircleCheck,
  warning: TriangleAlert,
  danger: CircleAlert,
} as const;

interface NoticeProps {
  tone?: NoticeTone;
  title: string;
  children?: ReactNode;
}

/** A calm, in-page message box (not announced; use a toast for things that just happened). */
export function Notice({ tone = 'info', title, children }: NoticeProps) {
  const Icon = toneIcon[tone];
  return (
    <div className={`notice notice--${tone}`}>
      <Icon className="notice__icon" aria-hidden="true" size={20} />
      <div className="notice__body">
        <p className="notice__title">{title}</p>
        {children && <div className="notice__text">{children}</div>}
      </div>
    </div>
  );
}
