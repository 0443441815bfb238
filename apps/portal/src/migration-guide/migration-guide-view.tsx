import { PORTAL_TEXTS } from '@solvr/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@solvr/web-ui';
import { CopyCodeButton } from './copy-code-button';
import type { GuideBlock } from './guide-block';

const T = PORTAL_TEXTS.migrationGuide;

/** The Self-hosting Migration Guide (spec section 2): one card per block, each file with its copy button. */
export function MigrationGuideView({ blocks }: { blocks: readonly GuideBlock[] }) {
  return (
    <div className="pt-stack">
      <div className="pt-heading">
        <h1>{T.title}</h1>
        <p className="pt-muted">{T.subtitle}</p>
      </div>
      {blocks.map((block) => {
        const title = T.blocks[block.id];
        return (
          <Card key={block.id} className="pt-guide-block">
            <CardHeader>
              <CardTitle as="h2">{title}</CardTitle>
            </CardHeader>
            <CardContent className="pt-stack pt-tight">
              {block.files.map((file) => {
                const name = block.files.length > 1 ? `${title}: ${file.path}` : title;
                return (
                  <div key={file.path} className="pt-code">
                    <div className="pt-code-head">
                      <span className="pt-code-source">{T.source(file.path)}</span>
                      <CopyCodeButton code={file.code} label={T.copyLabel(name)} />
                    </div>
                    {/* Focusable: the block scrolls sideways and down, and the keyboard must reach that too. */}
                    <pre tabIndex={0} role="region" aria-label={T.codeLabel(name)} data-language={file.language}>
                      <code>{file.code}</code>
                    </pre>
                  </div>
                );
              })}
            </CardContent>
          </Card>
        );
      })}
    </div>
  );
}
