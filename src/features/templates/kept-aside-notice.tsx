import { formatTime } from '../../lib/format-time';
import { Button } from '../../components/button';
import { downloadJsonText } from '../../lib/download-file';
import type { KeptAside } from './draft-storage';

export interface KeptAsideNoticeProps {
  kept: KeptAside;
  profileName: string;
  onDismiss(): void;
}

/**
 * A stored draft that was not taken up (unreadable, or a second copy) is never dropped in silence:
 * this says what happened, where its text is kept, and offers it as a file (to fix and import).
 */
export function KeptAsideNotice({ kept, profileName, onDismiss }: KeptAsideNoticeProps) {
  const saved = kept.savedAt !== null ? ` (saved ${formatTime(kept.savedAt)})` : '';
  return (
    <div className="callout callout-warn tpl-kept" role="alert" data-testid="draft-kept-aside">
      <p className="callout-title">
        {kept.reason === 'unreadable'
          ? `The saved draft of ${profileName}${saved} could not be read, so a new draft was started.`
          : `A second draft of ${profileName}${saved}, left by this browser, was set aside.`}
      </p>
      {kept.key !== null ? (
        <p>
          Its text is kept with the wall&rsquo;s data as <span className="mono">{kept.key}</span>. Download it
          to look at it, fix it and bring it back with Import…
        </p>
      ) : (
        <p>
          It could not be kept aside (the wall service did not take it): download it now, before this draft is
          saved over it.
        </p>
      )}
      <div className="tpl-kept-actions">
        <Button size="small" data-testid="kept-aside-download" onClick={() => download(kept)}>
          Download it
        </Button>
        <Button size="small" variant="ghost" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </div>
  );
}

function download(kept: KeptAside): void {
  const kind = kept.reason === 'unreadable' ? 'unreadable-draft' : 'earlier-draft';
  const stamp = kept.key?.split('-').at(-1) ?? String(Date.now());
  downloadJsonText(`${kind}-${stamp}.json`, kept.text.endsWith('\n') ? kept.text : `${kept.text}\n`);
}
