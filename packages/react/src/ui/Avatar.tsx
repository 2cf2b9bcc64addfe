import { useState } from 'react';
import { useMessages } from '../messages';

export interface AvatarProps {
  /** The person's name: the photo's alt text and the source of initials when none are given. */
  name: string;
  /** @default undefined (initials) */
  photoUrl?: string | null;
  /** @default the first letters of the first and last word of `name` */
  initials?: string;
  /**
   * Size in units of 0.25rem (size 10 = 2.5rem). From size 10 up the initials use the larger text.
   * @default 10
   */
  size?: number;
  className?: string;
}

export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** A profile photo, or the initials when there is none (or it fails to load). */
export function Avatar({ name, photoUrl, initials, size = 10, className }: AvatarProps) {
  const m = useMessages();
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showPhoto = Boolean(photoUrl) && failedUrl !== photoUrl;
  const classes = ['matnat-avatar'];
  if (size >= 10) classes.push('matnat-avatar--large-text');
  if (className) classes.push(className);
  const dimension = `${size * 0.25}rem`;
  return (
    <span className={classes.join(' ')} style={{ width: dimension, height: dimension }} data-size={size}>
      {showPhoto ? (
        <img
          className="matnat-avatar__photo"
          src={photoUrl!}
          alt={m.ui.avatarPhotoAlt(name)}
          onError={() => setFailedUrl(photoUrl ?? null)}
        />
      ) : (
        <span role="img" aria-label={name}>
          <span aria-hidden="true">{initials || initialsOf(name)}</span>
        </span>
      )}
    </span>
  );
}
