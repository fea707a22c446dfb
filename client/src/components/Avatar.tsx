import { useState } from 'react';
import '../styles/avatar.css';

interface AvatarProps {
  /** Null (or an image that fails to load) shows the default avatar. */
  photoUrl: string | null | undefined;
  /** The person's name, for the image's alternative text. */
  name: string;
  size?: 'sm' | 'md' | 'lg';
}

/** A person's round photo, or the default image when they have none. */
export function Avatar({ photoUrl, name, size = 'md' }: AvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const className = `avatar avatar--${size}`;
  if (photoUrl && failedUrl !== photoUrl) {
    return <img className={className} src={photoUrl} alt={`Photo of ${name}`} onError={() => setFailedUrl(photoUrl)} />;
  }
  return (
    <svg className={`${className} avatar--default`} viewBox="0 0 64 64" role="img" aria-label={`${name} has no photo`}>
      <rect width="64" height="64" fill="currentColor" opacity="0.12" />
      <circle cx="32" cy="25" r="11" fill="currentColor" opacity="0.55" />
      <path d="M11 58c2.5-11 11-17 21-17s18.5 6 21 17" fill="currentColor" opacity="0.55" />
    </svg>
  );
}
