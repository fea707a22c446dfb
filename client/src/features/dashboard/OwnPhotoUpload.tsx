import { useSessionUser } from '../../app/session';
import { PhotoUpload } from '../../components/PhotoUpload';
import { usePhotoUpload } from './usePhotoUpload';

/** The signed-in person's photo; tapping it uploads a new one. */
export function OwnPhotoUpload() {
  const user = useSessionUser();
  const photo = usePhotoUpload();

  return (
    <PhotoUpload
      photoUrl={user.photoUrl}
      name={`${user.firstName} ${user.lastName}`}
      isUploading={photo.isUploading}
      onSelect={photo.upload}
      onRefuse={photo.refuse}
    />
  );
}
