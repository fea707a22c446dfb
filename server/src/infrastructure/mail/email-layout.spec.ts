import { type EmailContent, renderEmail } from './email-layout';

const content: EmailContent = {
  to: 'sam@example.com',
  subject: 'Your rent payment of $1,506.99',
  publicUrl: 'https://rentwise.test',
  greeting: 'Hi Sam,',
  blocks: [
    'Thank you for your payment.',
    { heading: 'Payment Receipt' },
    { table: [['Amount Paid', '$1,506.99'], ['Paid To', 'Dana Whitaker']] },
    { callout: { label: 'Your home', text: '12 Garden Street' } },
    { list: ['Refund of $500.00', 'Refund of $6.99'] },
    { emphasis: 'Submit it by Nov 23.' },
    { button: { label: 'View receipt', url: 'https://rentwise.test/tenant/payment-receipt/r-1' } },
    { link: { lead: 'Already have a password?', label: 'Sign in', url: 'https://rentwise.test/sign-in' } },
    { note: 'The link works once.' },
  ],
  footer: 'Keep this email as your receipt.',
};

/** The HTML with its tags taken out, for what a reader sees. */
const visibleText = (html: string): string => html.replace(/<style>[\s\S]*?<\/style>/, '').replace(/<[^>]+>/g, '');

describe('the email layout', () => {
  it('makes the text part from the same content: fields as "Label: value" lines, the button as "Label: URL"', () => {
    expect(renderEmail(content).text).toBe(
      [
        'Hi Sam,',
        'Thank you for your payment.',
        'Payment Receipt',
        'Amount Paid: $1,506.99\nPaid To: Dana Whitaker',
        'Your home: 12 Garden Street',
        '- Refund of $500.00\n- Refund of $6.99',
        'Submit it by Nov 23.',
        'View receipt: https://rentwise.test/tenant/payment-receipt/r-1',
        'Already have a password? Sign in: https://rentwise.test/sign-in',
        'The link works once.',
        'The Rentwise team',
        '-- \nKeep this email as your receipt.\nThis email was sent to sam@example.com by Rentwise, rent collection for landlords and tenants.\nhttps://rentwise.test',
      ].join('\n\n'),
    );
  });

  it('shows every word of the text part in the HTML part too', () => {
    const { html, text } = renderEmail(content);
    const shown = visibleText(html);
    const words = text.replace(/https?:\/\/\S+/g, '').match(/[\w$,.']+/g)!;
    for (const word of words) {
      if (word !== '--') expect(shown).toContain(word.replace(/'/g, '&#39;'));
    }
  });

  it('escapes every value it is given', () => {
    const hostile = '<b>"Sam" & \'co\'</b>';
    const { html } = renderEmail({
      to: `${hostile}@example.com`,
      subject: hostile,
      publicUrl: 'https://rentwise.test',
      greeting: hostile,
      blocks: [
        hostile,
        { heading: hostile },
        { note: hostile },
        { emphasis: hostile },
        { callout: { label: hostile, text: hostile } },
        { table: [[hostile, hostile]] },
        { list: [hostile] },
        { button: { label: hostile, url: 'https://rentwise.test/?a=1&b="2"' } },
        { link: { lead: hostile, label: hostile, url: 'https://rentwise.test/' } },
      ],
      footer: hostile,
      closing: hostile,
    });
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('"Sam"');
    expect(html).toContain('&#60;b&#62;&#34;Sam&#34; &#38; &#39;co&#39;&#60;/b&#62;');
    expect(html).toContain('href="https://rentwise.test/?a=1&#38;b=&#34;2&#34;"');
  });

  it('links only to web and mail addresses', () => {
    expect(() => renderEmail({ ...content, blocks: [{ button: { label: 'Go', url: 'javascript:alert(1)' } }] })).toThrow(/http\(s\) or mailto/);
    expect(() => renderEmail({ ...content, blocks: [{ link: { label: 'Go', url: 'data:text/html,hi' } }] })).toThrow(/http\(s\) or mailto/);
  });

  it('puts the fields in a table: the label as the row header, the value right-aligned in tabular figures', () => {
    const { html } = renderEmail(content);
    expect(html).toMatch(
      /<tr><th scope="row"[^>]*text-align:left[^>]*>Amount Paid<\/th><td[^>]*text-align:right[^>]*font-variant-numeric:tabular-nums[^>]*>\$1,506\.99<\/td><\/tr>/,
    );
  });

  it('makes the one button a link in a coloured table cell, which mail apps without CSS still show', () => {
    const { html } = renderEmail(content);
    expect(html).toMatch(
      /<td class="rw-button-cell" align="center" bgcolor="#3448c5"[^>]*><a class="rw-button" href="https:\/\/rentwise\.test\/tenant\/payment-receipt\/r-1"[^>]*>View receipt<\/a><\/td>/,
    );
  });

  it('refuses a second primary button', () => {
    const button = { button: { label: 'Go', url: 'https://rentwise.test/' } };
    expect(() => renderEmail({ ...content, blocks: [button, button] })).toThrow(/one primary button/);
  });

  it('adds the address under the button when asked, for links people may paste', () => {
    const url = 'https://rentwise.test/account/create-password?token=abc';
    const { html } = renderEmail({ ...content, blocks: [{ button: { label: 'Create your password', url, showUrl: true } }] });
    expect(html).toContain(`Or paste this link into your browser:<br><a class="rw-link" href="${url}"`);
  });

  it('reads in dark mode, on a phone, and in inboxes that show a preview', () => {
    const { html } = renderEmail(content);
    expect(html).toContain('<meta name="color-scheme" content="light dark">');
    expect(html).toContain('<meta name="supported-color-schemes" content="light dark">');
    expect(html).toMatch(/@media \(prefers-color-scheme:dark\)\{[^@]*\.rw-card\{background:#141c2b !important/);
    expect(html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
    expect(html).toContain('max-width:560px');
    // The first paragraph is the hidden preview unless the email names one.
    expect(html).toMatch(/<div style="display:none;[^"]*">Thank you for your payment\./);
    expect(renderEmail({ ...content, preheader: 'You paid $1,506.99' }).html).toMatch(/<div style="display:none;[^"]*">You paid \$1,506\.99/);
  });

  it('shows the house mark from the product’s own address, with the wordmark as text for mail apps that block images', () => {
    const { html } = renderEmail(content);
    expect(html).toContain('<img src="https://rentwise.test/email-logo.png" width="32" height="32" alt=""');
    expect(html).toMatch(/<a class="rw-text" href="https:\/\/rentwise\.test"[^>]*>Rentwise<\/a>/);
  });

  it('signs off with a closing line when given one', () => {
    const { text, html } = renderEmail({ ...content, closing: 'Kind regards,' });
    expect(text).toContain('\n\nKind regards,\nThe Rentwise team\n\n');
    expect(html).toContain('Kind regards,<br>The Rentwise team');
  });
});
