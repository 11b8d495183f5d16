import { CONSISTENT_POSITION_HEADER, jokeCardPath, type JokeCardSize } from '@jokes/contracts';

/** What became of a card: handed to the phone's share sheet, saved as a file, or the person closed the sheet. */
export type CardOutcome = 'shared' | 'downloaded' | 'cancelled';

/** The browser's share API, where it has one (typed here: not every DOM library version knows canShare). */
interface FileSharing {
  canShare?: (data: { files: File[] }) => boolean;
  share?: (data: { files: File[]; text?: string }) => Promise<void>;
}

/**
 * The joke's card as a file. The share was just recorded; its position makes
 * the query side answer once the page is published (read your writes).
 */
export async function fetchCard(jokeId: string, size: JokeCardSize, position: string | undefined): Promise<File> {
  const response = await fetch(jokeCardPath(jokeId, size), { headers: position ? { [CONSISTENT_POSITION_HEADER]: position } : {} });
  if (!response.ok) throw new Error(`${response.status}: the card could not be loaded`);
  return new File([await response.blob()], `joke-${jokeId.slice(0, 8)}-${size}.png`, { type: 'image/png' });
}

/** Whether this browser's share sheet takes a PNG (phones' browsers; desktop ones mostly not). */
export function canShareImages(): boolean {
  const sharing = navigator as Navigator & FileSharing;
  try {
    return Boolean(sharing.canShare?.({ files: [new File([], 'card.png', { type: 'image/png' })] }));
  } catch {
    return false;
  }
}

/**
 * On a phone whose browser can share files (Web Share API level 2), the
 * share sheet gets the picture, so Instagram or Snapchat receive it directly;
 * everywhere else the picture is downloaded for the person to post.
 */
export async function shareOrDownloadCard(card: File, text: string): Promise<CardOutcome> {
  const sharing = navigator as Navigator & FileSharing;
  if (sharing.canShare?.({ files: [card] }) && sharing.share) {
    try {
      await sharing.share({ files: [card], text });
      return 'shared';
    } catch (error) {
      if ((error as { name?: string }).name === 'AbortError') return 'cancelled';
      // NotAllowedError (the press is too long ago) and the like: the download still works.
    }
  }
  const url = URL.createObjectURL(card);
  const link = Object.assign(document.createElement('a'), { href: url, download: card.name });
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the browser has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return 'downloaded';
}
