import { Typography } from 'antd';
import { site, supportMailto } from '../../shared/config/site';
import { LegalDocument, type LegalSection } from './LegalDocument';

const sections: LegalSection[] = [
  {
    heading: 'Our content',
    body: `The ${site.name} name, design and software are owned by ${site.company}. Comedian names identify styles of humour only; all trademarks belong to their owners.`,
  },
  {
    heading: 'Reporting an infringement',
    body: (
      <>
        <Typography.Paragraph>
          If you believe that a joke shown by the service copies your protected work, send a notice to{' '}
          <a href={supportMailto('Copyright issue')}>{site.supportEmail}</a> containing:
        </Typography.Paragraph>
        <ul>
          <li>your name and contact details;</li>
          <li>the work you believe is infringed;</li>
          <li>the joke concerned, with its text and where you saw it;</li>
          <li>a statement that you believe in good faith that the use is not authorised;</li>
          <li>a statement that the notice is accurate and that you own the right or act for its owner;</li>
          <li>your physical or electronic signature.</li>
        </ul>
      </>
    ),
  },
  {
    heading: 'What happens next',
    body: 'We answer a complete notice within about 10 business days. Content found to infringe is removed within 48 hours of that finding, and repeat infringers lose access to the service.',
  },
  {
    heading: 'Counter-notice',
    body: 'If content you shared was removed and you believe that was a mistake, you may send a counter-notice with the same details and an explanation. We will forward it to the complainant.',
  },
];

export function CopyrightPage() {
  return (
    <LegalDocument
      title="Copyright Notice"
      intro="We respect the work of comedians and writers and expect our users to do the same."
      sections={sections}
    />
  );
}
