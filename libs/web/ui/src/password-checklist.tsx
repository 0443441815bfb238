import { PASSWORD_RULES } from '@solvr/contracts';
import { cn } from './cn';

/** The live checklist of the profile password rules: each line turns green as it is met. */
export function PasswordChecklist({ password }: { password: string }) {
  return (
    <ul className="ui-checklist" aria-label="Password requirements">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <li key={rule.label} className={cn('ui-checklist-item', met && 'ui-checklist-met')} data-met={met}>
            <span aria-hidden="true">{met ? '✓' : '○'}</span> {rule.label}
            <span className="ui-sr-only">{met ? ' (met)' : ' (not met)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
