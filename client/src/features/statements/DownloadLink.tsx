import type { ReactNode } from 'react';
import { Download } from 'lucide-react';

/**
 * A file download styled as a button: a plain link, so the browser streams the file. The server's
 * Content-Disposition names it; `fileName` is the same name, for a browser that reads the link.
 */
export function DownloadLink({ href, fileName, children, primary = false }: { href: string; fileName: string; children: ReactNode; primary?: boolean }) {
  return (
    <a className={`button button--${primary ? 'primary' : 'secondary'} button--md`} href={href} download={fileName}>
      <Download aria-hidden="true" size={18} />
      {children}
    </a>
  );
}
