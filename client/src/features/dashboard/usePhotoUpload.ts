import { MESSAGES } from '@rentwise/libs/messages';
import { showToast } from '../../components/toastStore';
import { useSaveUserPhotoMutation } from './dashboardApi';
import { statusOf } from '../../app/apiError';

/** Uploads the signed-in person's photo with the spec's toasts; the new photo shows everywhere at once. */
export function usePhotoUpload() {
  const [savePhoto, { isLoading }] = useSaveUserPhotoMutation();

  async function upload(file: File) {
    try {
      await savePhoto(file).unwrap();
      showToast(MESSAGES.imageUpdated, { tone: 'success' });
    } catch (error) {
      const status = statusOf(error);
      // Refused by the server (not an image, too large): the person can pick another file.
      const refused = status !== undefined && status >= 400 && status < 500;
      showToast(refused ? MESSAGES.photoUploadRejected : MESSAGES.photoUploadFailed, { tone: 'error' });
    }
  }

  function refuse() {
    showToast(MESSAGES.photoUploadRejected, { tone: 'error' });
  }

  return { upload, refuse, isUploading: isLoading };
}
