import type { ComponentChildren } from 'preact';
import { ServiceError } from '../../domain/errors';

/** A section's operation refused by the account's plan: what the API's `plan_required` refusal says, kept for the page. */
export interface PlanRefusal {
  requiredPlan: string;
  currentPlan: string;
  upgradeUrl: string;
}

/** What a plan-gated section is given: the operation's answer, or the plan's refusal of it (never an empty box). */
export type Gated<T> = { shown: T } | { planRefusal: PlanRefusal };

/** The plan refusal in a thrown error, or undefined when it is any other error (which stays the page's to show). */
export function planRefusalOf(thrown: unknown): PlanRefusal | undefined {
  if (!(thrown instanceof ServiceError) || thrown.code !== 'plan_required') return undefined;
  const details = thrown.details ?? {};
  const text = (key: string) => (typeof details[key] === 'string' ? details[key] : '');
  return {
    requiredPlan: text('required_plan'),
    currentPlan: text('current_plan'),
    upgradeUrl: text('upgrade_url'),
  };
}

/** An operation's answer as a gated section's input: a plan refusal is kept, anything else thrown on. */
export async function gated<T>(answer: Promise<T>): Promise<Gated<T>> {
  try {
    return { shown: await answer };
  } catch (thrown) {
    const planRefusal = planRefusalOf(thrown);
    if (!planRefusal) throw thrown;
    return { planRefusal };
  }
}

/** What a section shows in place of data the plan does not include: which plan does, and where to upgrade. */
export function PlanNote({ what, refusal }: { what: string; refusal: PlanRefusal }) {
  return (
    <div class="notice notice-warning plan-note">
      <p>
        Your plan ({refusal.currentPlan}) does not include {what}: the {refusal.requiredPlan} plan or higher
        does.
      </p>
      {refusal.upgradeUrl !== '' ? (
        <p>
          <a href={refusal.upgradeUrl}>
            Upgrade to {refusal.requiredPlan}
            <span class="visually-hidden"> to see {what}</span>
          </a>
        </p>
      ) : null}
    </div>
  );
}

/** A section of the company page: a heading (its id names the section for links and tests) and its content. */
export function CompanySection(props: { id: string; title: string; children: ComponentChildren }) {
  const { id, title, children } = props;
  return (
    <section id={id} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}
