import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { type MessageKey, useT } from '../i18n/i18n';
import './terms.css';

/** The sections of the terms, in the order they are read; each names its heading and its text. */
const SECTIONS = [
  { id: 'who', title: 'terms.who.title', text: 'terms.who.text' },
  { id: 'funds', title: 'terms.funds.title', text: 'terms.funds.text' },
  { id: 'fees', title: 'terms.fees.title', text: 'terms.fees.text' },
  { id: 'liquidation', title: 'terms.liquidation.title', text: 'terms.liquidation.text' },
  { id: 'risk', title: 'terms.risk.title', text: 'terms.risk.text' },
  { id: 'security', title: 'terms.security.title', text: 'terms.security.text' },
  { id: 'data', title: 'terms.data.title', text: 'terms.data.text' },
  { id: 'changes', title: 'terms.changes.title', text: 'terms.changes.text' },
] as const satisfies readonly { id: string; title: MessageKey; text: MessageKey }[];

type SectionId = (typeof SECTIONS)[number]['id'];

/**
 * The page a section points to for its details: the fee schedule and the protection fund publish the figures the
 * terms only name.
 */
function SectionLink({ id }: { id: SectionId }): ReactNode {
  const t = useT();
  if (id === 'fees')
    return (
      <Link to="/fee" className="terms__more">
        {t('terms.fees.link')}
      </Link>
    );
  if (id === 'liquidation')
    return (
      <Link to="/protection-fund" className="terms__more">
        {t('terms.liquidation.link')}
      </Link>
    );
  return null;
}

/**
 * `/terms`: the terms of use of this web client and its simulation mode, which every sign-up agrees to (the
 * registration form, a third-party sign-up): who may use it, simulated funds, fees, liquidation and the protection
 * fund, risk, account security, data.
 */
export function TermsPage() {
  const t = useT();
  return (
    <article className="terms" aria-labelledby="terms-title">
      <h1 id="terms-title">{t('terms.title')}</h1>
      <p className="terms__intro">{t('terms.intro')}</p>
      {SECTIONS.map((section) => (
        <section key={section.id} aria-labelledby={`terms-${section.id}`}>
          <h2 id={`terms-${section.id}`}>{t(section.title)}</h2>
          <p>{t(section.text)}</p>
          <SectionLink id={section.id} />
        </section>
      ))}
    </article>
  );
}
