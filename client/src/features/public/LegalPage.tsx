import type { ReactNode } from 'react';
import { PageHeader } from '../../components/PageHeader';
import '../../styles/legal.css';

const LEGAL_EFFECTIVE_DATE = 'October 11, 2019';

export interface LegalSection {
  id: string;
  heading: string;
  body: ReactNode;
}

interface LegalPageProps {
  title: string;
  summary: ReactNode;
  sections: LegalSection[];
}

/** Shared frame of the privacy policy and the terms: effective date, contents and numbered sections. */
export function LegalPage({ title, summary, sections }: LegalPageProps) {
  return (
    <div className="page container legal">
      <PageHeader eyebrow="Legal" title={title} description={`Effective ${LEGAL_EFFECTIVE_DATE}`} />
      <div className="legal__layout">
        <nav className="legal__contents" aria-label="On this page">
          <p className="legal__contents-title">On this page</p>
          <ol>
            {sections.map(({ id, heading }) => (
              <li key={id}>
                <a href={`#${id}`}>{heading}</a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="legal__document">
          <div className="legal__summary">{summary}</div>
          {sections.map(({ id, heading, body }, index) => (
            <section key={id} id={id} className="legal__section" aria-labelledby={`${id}-heading`}>
              <h2 id={`${id}-heading`}>
                <span className="legal__number tabular">{index + 1}.</span> {heading}
              </h2>
              {body}
            </section>
          ))}
        </article>
      </div>
    </div>
  );
}
