import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useAuthRuntime } from '../../features/accounts/auth-client/auth-runtime';
import { site, supportMailto } from '../../shared/config/site';
import './site-footer.css';

interface FooterColumnProps {
  title: string;
  /** Link lists are navigation landmarks; the About text is not. */
  kind: 'nav' | 'section';
  children: ReactNode;
}

function FooterColumn({ title, kind: Element, children }: FooterColumnProps) {
  const headingId = useId();
  return (
    <Element className="site-footer__column" aria-labelledby={headingId}>
      <h2 id={headingId} className="site-footer__heading">
        {title}
      </h2>
      {children}
    </Element>
  );
}

/** SPEC 2 'Global chrome': three columns (Legal, Support, About) and the copyright line. */
export function SiteFooter() {
  const year = new Date().getFullYear();
  const { config } = useAuthRuntime();

  return (
    <footer className="site-footer">
      <div className="site-footer__columns">
        <FooterColumn title="Legal" kind="nav">
          <ul className="site-footer__links">
            <li><Link to="/legal/disclaimer">Disclaimer</Link></li>
            <li><Link to="/legal/privacy">Privacy Policy</Link></li>
            <li><Link to="/legal/terms">Terms of Use</Link></li>
          </ul>
        </FooterColumn>
        <FooterColumn title="Support" kind="nav">
          <ul className="site-footer__links">
            <li><Link to="/legal/copyright">Copyright Notice</Link></li>
            <li><a href={supportMailto('Copyright issue')}>Report Copyright Issue</a></li>
            <li><a href={supportMailto('Customer support')}>Customer Support</a></li>
          </ul>
        </FooterColumn>
        <FooterColumn title="About" kind="section">
          <p className="site-footer__text">
            {site.name} writes original stand-up jokes in the style of famous comedians. For adults
            ({site.minimumAge}+) only.
          </p>
          <p className="site-footer__text">
            Made by {site.company}. Jokes are written by a language model through {site.aiProvider}&rsquo;s API;
            the comedians named are style references and do not endorse this service.
          </p>
        </FooterColumn>
      </div>
      <p className="site-footer__copyright">
        &copy; {year} {site.company}. All rights reserved.
      </p>
      {config?.devMailbox && (
        // Only while mail goes to the file outbox (development): the mails with their links.
        <p className="site-footer__dev">
          <Link to="/dev/mailbox">Development mailbox</Link>
        </p>
      )}
    </footer>
  );
}
