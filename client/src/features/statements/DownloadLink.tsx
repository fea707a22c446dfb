import type { ReactNode } from 'react';
import { Download } from 'lucide-react';

/** A file download styled as a button: a plain link, so the browser streams the file with the server's name. */
export function DownloadLink({ href, children, primary = false }: { href: string; children: ReactNode; primary?: boolean }) {
  return (
    <a className={`button button--${primary ? 'primary' : 'secondary'} button--md`} href={href} download>
      <Download aria-hidden="true" size={18} />
      {children}
    </a>
  );
}
