import type { MailMessage } from '../../mail/mailer.port.js';

const BRAND = 'Standup Jokes AI';

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function mail(to: string, subject: string, lines: { intro: string; action: string; link: string; outro: string }): MailMessage {
  return {
    to,
    subject,
    text: [`Hi,`, '', lines.intro, '', `${lines.action}:`, lines.link, '', lines.outro, '', `- ${BRAND}`].join('\n'),
    html: `<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5; color: #222">
<p>Hi,</p>
<p>${escapeHtml(lines.intro)}</p>
<p><a href="${escapeHtml(lines.link)}" style="display: inline-block; padding: 10px 18px; background: #7c3aed; color: #fff; border-radius: 6px; text-decoration: none">${escapeHtml(lines.action)}</a></p>
<p style="font-size: 13px; color: #555">Or paste this link into your browser:<br>${escapeHtml(lines.link)}</p>
<p style="font-size: 13px; color: #555">${escapeHtml(lines.outro)}</p>
<p>- ${BRAND}</p>
</body></html>`,
  };
}

/** The sign-up confirmation: its link verifies the address and signs the user in. */
export function confirmationMail(to: string, link: string): MailMessage {
  return mail(to, `Confirm your ${BRAND} account`, {
    intro: `Thanks for signing up for ${BRAND}. Please confirm your e-mail address to finish creating your account.`,
    action: 'Confirm your e-mail address',
    link,
    outro: "The link works once and expires in 24 hours. If you didn't sign up, you can ignore this mail.",
  });
}

/** The password reset: its link opens the set-new-password page. */
export function passwordResetMail(to: string, link: string): MailMessage {
  return mail(to, `Reset your ${BRAND} password`, {
    intro: `Someone (hopefully you) asked to reset the password of your ${BRAND} account.`,
    action: 'Choose a new password',
    link,
    outro: "The link works once and expires in 1 hour. If you didn't ask for this, you can ignore this mail; your password stays as it is.",
  });
}
