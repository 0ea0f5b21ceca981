import { TICKET_IMAGE_ACCEPT } from '@app/contracts';
import AddPhotoAlternateRounded from '@mui/icons-material/AddPhotoAlternateRounded';
import Button from '@mui/material/Button';
import { useRef } from 'react';
import { visuallyHidden } from './visually-hidden.ts';

type Props = {
  /** Sends the chosen file; the server reads its type from the bytes and says why it refuses. */
  onChoose: (file: File) => void;
  isPending: boolean;
};

/** "Attach image": a photo or screenshot from the device, sent as soon as it is chosen. */
export function AttachImageButton({ onChoose, isPending }: Props) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        startIcon={<AddPhotoAlternateRounded />}
        loading={isPending}
        onClick={() => input.current?.click()}
      >
        Attach image
      </Button>
      <input
        ref={input}
        type="file"
        accept={TICKET_IMAGE_ACCEPT}
        aria-label="Image to attach"
        tabIndex={-1}
        style={visuallyHidden}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file can be chosen again after a refusal.
          event.target.value = '';
          if (file) onChoose(file);
        }}
      />
    </>
  );
}
