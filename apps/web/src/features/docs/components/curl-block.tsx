import { CodeBlock } from '../../../components/ui/code-block.tsx';
import type { CurlExample } from '../lib/backend-examples.ts';

/** One command of the examples, on its own panel with its copy button. */
export function CurlBlock({ example }: { example: CurlExample }) {
  return (
    <CodeBlock
      code={example.command}
      label={`${example.label} (shell)`}
      copyLabel={`Copy: ${example.label.charAt(0).toLowerCase()}${example.label.slice(1)}`}
    />
  );
}
