import { useId, useState, type ReactNode } from 'react';
import { cn } from './cn';
import { Icon } from './icons';

export interface AccordionItem {
  id: string;
  title: string;
  content: ReactNode;
}

export interface AccordionProps {
  items: AccordionItem[];
  /** 'single' (default): opening one closes the others; an open item can still be closed. */
  type?: 'single' | 'multiple';
  /** Ids of the initially open items. */
  defaultOpen?: string[];
  className?: string;
}

export function Accordion({ items, type = 'single', defaultOpen = [], className }: AccordionProps) {
  const base = useId();
  const [openIds, setOpenIds] = useState<string[]>(() => (type === 'single' ? defaultOpen.slice(0, 1) : defaultOpen));

  const toggle = (id: string) => {
    setOpenIds((prev) => {
      if (prev.includes(id)) return prev.filter((x) => x !== id);
      return type === 'single' ? [id] : [...prev, id];
    });
  };

  return (
    <div className={cn('ui-accordion', className)}>
      {items.map((item, i) => {
        const open = openIds.includes(item.id);
        const buttonId = `${base}-trigger-${i}`;
        const panelId = `${base}-panel-${i}`;
        return (
          <div key={item.id} className={cn('ui-accordion-item', open && 'is-open')}>
            <h3 className="ui-accordion-heading">
              <button
                type="button"
                id={buttonId}
                className="ui-accordion-trigger"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
              >
                <span>{item.title}</span>
                <Icon name="chevronDown" className="ui-accordion-chevron" />
              </button>
            </h3>
            <div id={panelId} role="region" aria-labelledby={buttonId} className="ui-accordion-panel" hidden={!open}>
              <div className="ui-accordion-content">{item.content}</div>
            </div>
          </div>
        );
      })}
    </div>
  );
}
