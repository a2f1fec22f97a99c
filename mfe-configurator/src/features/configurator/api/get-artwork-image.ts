import { useEffect, useState } from 'react';
import { apiRequest } from 'shell/store';

export interface ArtworkImage {
  /** An object URL of the uploaded image, for the preview to draw; null while it loads or failed. */
  src: string | null;
  failed: boolean;
}

/**
 * GET /api/uploads/{hashedName}: the shopper's own upload (the API checks it is theirs), read through
 * the API client, which sends the guest session's header an <img> could not. Kept as an object URL
 * while the preview shows it, released when the file changes or the preview goes.
 */
export function useArtworkImage(hashedName: string | null): ArtworkImage {
  const [image, setImage] = useState<ArtworkImage & { of: string | null }>({
    of: null,
    src: null,
    failed: false,
  });
  useEffect(() => {
    if (!hashedName) return;
    let url: string | null = null;
    let current = true;
    apiRequest(`/api/uploads/${encodeURIComponent(hashedName)}`)
      .then((response) => response.blob())
      .then((blob) => {
        if (!current) return;
        url = URL.createObjectURL(blob);
        setImage({ of: hashedName, src: url, failed: false });
      })
      .catch(() => {
        if (current) setImage({ of: hashedName, src: null, failed: true });
      });
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [hashedName]);
  // What was read for an earlier file is not this one's.
  return image.of === hashedName ? image : { src: null, failed: false };
}
