import { site } from '../../shared/config/site';
import { LegalDocument, type LegalSection } from './LegalDocument';

const sections: LegalSection[] = [
  {
    heading: 'Who we are',
    body: `${site.name} is operated by ${site.company}, the controller of the personal data described here. Contact us at ${site.supportEmail}.`,
  },
  {
    heading: 'What we collect',
    body: 'Account data: your e-mail address, a username derived from it and a password hash (never the password itself). Usage data: the comedian styles, lengths and topics you choose, the jokes generated for you, your ratings and the platforms you share to. Subscription data: your plan, its status and the customer reference of our card payment provider. We never see or store your full card number. Technical data: server logs with IP address, browser type and the pages requested.',
  },
  {
    heading: 'Why we use it',
    body: 'To provide the service (generating, saving, rating and reading jokes aloud), to manage your subscription and payments, to keep the service secure and working, and to understand in aggregate which features people use so we can improve them.',
  },
  {
    heading: 'Who receives it',
    body: `Your joke requests (comedian style, length and topic, without your e-mail address) are sent to ${site.aiProvider} to generate the joke. Payments are processed by our card payment provider. We use hosting and e-mail providers bound by data processing agreements. We do not sell personal data.`,
  },
  {
    heading: 'How long we keep it',
    body: 'Account data and jokes are kept while your account exists and deleted within 30 days after you delete your account. Payment records are kept for 7 years, as tax and accounting law requires. Server logs are kept for 90 days.',
  },
  {
    heading: 'Cookies and browser storage',
    body: 'We use cookies and browser storage that the service needs to work: your session, your voice preference and when the subscription offer was last shown. We do not use advertising cookies.',
  },
  {
    heading: 'Your rights',
    body: `Depending on where you live you may have the right to access, correct, delete or export your data, and to object to or restrict its use. Write to ${site.supportEmail}; we answer within one month. You may also complain to your data protection authority.`,
  },
  {
    heading: 'Age',
    body: `The service is for adults aged ${site.minimumAge} or over. We do not knowingly collect data from anyone younger and delete such data when we learn of it.`,
  },
];

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro="This policy explains what personal data we collect when you use the service, why, who we share it with and how long we keep it."
      sections={sections}
    />
  );
}
