import { PORTAL_TEXTS } from '@solvr/contracts';
import { Card, CardContent, CardHeader, CardTitle } from '@solvr/web-ui';
import { Accordion } from '@solvr/web-ui/forms';

const T = PORTAL_TEXTS.help;

/**
 * Help (spec sections 1 and 2): what the app does (answers in about 20 seconds, over 1,200 interviews), the
 * accordion of Getting Started, Usage and Troubleshooting, the hotkey list and the notes of section 1.
 */
export function HelpView({ product }: { product: string }) {
  return (
    <div className="pt-stack">
      <div className="pt-heading">
        <h1>{T.title}</h1>
        <p className="pt-muted">{T.intro(product)}</p>
      </div>
      <section aria-labelledby="help-topics" className="pt-stack pt-tight">
        <h2 id="help-topics" className="pt-section-title">
          {T.topics}
        </h2>
        <Accordion
          items={T.sections.map((s) => ({
            id: s.id,
            title: s.title,
            content: (
              <dl className="pt-help-list">
                {s.items.map((item) => (
                  <div key={item.title}>
                    <dt>{item.title}</dt>
                    <dd>{item.text}</dd>
                  </div>
                ))}
              </dl>
            ),
          }))}
        />
      </section>
      <div className="pt-columns">
        <Card>
          <CardHeader>
            <CardTitle as="h2">
              {T.hotkeys}
            </CardTitle>
          </CardHeader>
          <CardContent>
            <p className="pt-muted">{T.hotkeysIntro}</p>
            <dl className="pt-help-list">
              {T.hotkeyList.map((h) => (
                <div key={h.id}>
                  <dt>{h.action}</dt>
                  <dd>{h.what}</dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">{T.goodToKnow}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="pt-notes">
              <li>{T.answerTime}</li>
              {T.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
