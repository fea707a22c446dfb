import { useId, type ChangeEvent } from 'react';
import { Camera } from 'lucide-react';
import { Avatar } from './Avatar';
import { Spinner } from './Spinner';
import '../styles/avatar.css';

/** The server's limit (5 MB); checked here too so that a phone does not upload a file only to be refused. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

interface PhotoUploadProps {
  photoUrl: string | null;
  name: string;
  size?: 'md' | 'lg';
  isUploading: boolean;
  /** Called with the chosen image; `tooLarge` or `notAnImage` when it cannot be sent as it is. */
  onSelect: (file: File) => void;
  onRefuse: (reason: 'tooLarge' | 'notAnImage') => void;
}

/** A person's photo that opens the file (or camera) picker when tapped. */
export function PhotoUpload({ photoUrl, name, size = 'lg', isUploading, onSelect, onRefuse }: PhotoUploadProps) {
  const inputId = useId();

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still counts as a change.
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) onRefuse('notAnImage');
    else if (file.size > MAX_PHOTO_BYTES) onRefuse('tooLarge');
    else onSelect(file);
  }

  return (
    <div className={`photo-upload photo-upload--${size}`}>
      <label htmlFor={inputId} className="photo-upload__target" aria-busy={isUploading || undefined}>
        <Avatar photoUrl={photoUrl} name={name} size={size} />
        <span className="photo-upload__badge" aria-hidden="true">
          {isUploading ? <Spinner size="sm" /> : <Camera size={16} />}
        </span>
        <span className="visually-hidden">{photoUrl ? 'Change photo' : 'Add a photo'}</span>
      </label>
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        accept="image/*"
        disabled={isUploading}
        onChange={handleChange}
      />
    </div>
  );
}
