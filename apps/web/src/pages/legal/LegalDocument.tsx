import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { Panel } from '../../shared/ui/Panel';

/** When the legal texts were last reviewed; change it with the texts. */
export const LEGAL_LAST_UPDATED = '1 May 2025';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}

/** The shared layout of the static legal pages (SPEC 2). */
export function LegalDocument({ title, intro, sections }: LegalDocumentProps) {
  useDocumentTitle(title);

  return (
    <Panel>
      <article>
        <Typography.Title level={1}>{title}</Typography.Title>
        <Typography.Paragraph type="secondary">Last updated: {LEGAL_LAST_UPDATED}</Typography.Paragraph>
        <Typography.Paragraph>{intro}</Typography.Paragraph>
        {sections.map(({ heading, body }) => (
          <section key={heading}>
            <Typography.Title level={2} style={{ fontSize: 20 }}>
              {heading}
            </Typography.Title>
            {typeof body === 'string' ? <Typography.Paragraph>{body}</Typography.Paragraph> : body}
          </section>
        ))}
      </article>
    </Panel>
  );
}
