import { Copy } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { copyText } from '../../../lib/clipboard.ts';
import { toast } from '../../../lib/toast.ts';
import { projectTexts } from '../texts.ts';

/** Copies a URL of the project and says so in a toast ('Base URL copied'). */
export function CopyUrlButton({
  url,
  label,
  copied,
}: {
  url: string;
  /** The accessible name: 'Copy base URL'. */
  label: string;
  /** The toast once copied. */
  copied: string;
}) {
  async function handleCopy() {
    if (await copyText(url)) toast.success(copied);
    else toast.error(projectTexts.copyFailed);
  }

  return (
    <Button variant="secondary" size="sm" aria-label={label} onClick={handleCopy}>
      <Copy className="size-4" aria-hidden="true" />
      Copy
    </Button>
  );
}
