import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderPage } from '@shop/ui/testing';
import { resetShell } from '../../../testing/shell-config';
import { priceLabel, toPriceResult } from '@shop/contracts/pricing';
import { HERO_EXAMPLE } from './hero-section';
import { LandingPage } from './landing-page';

beforeEach(() => resetShell());

describe('LandingPage', () => {
  it('shows the hero copy of docs/product.md section 1 and links Configure Your Label to /products', () => {
    renderPage(<LandingPage />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Professional Custom Equipment Labels' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'High-quality indoor and outdoor equipment labels tailored to your exact specifications. Choose from premium materials and customize every detail.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Configure Your Label' })).toHaveAttribute(
      'href',
      '/products',
    );
  });

  it('leads Request a Quote to the contact page’s enquiry form', () => {
    renderPage(<LandingPage />);
    expect(screen.getByRole('link', { name: 'Request a Quote' })).toHaveAttribute(
      'href',
      '/contact#send-message',
    );
  });

  it('has the Why Choose section with its three cards', () => {
    renderPage(<LandingPage />);
    const section = screen.getByRole('region', { name: /^Why Choose/ });
    const cards = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(cards).toEqual(['Easy Customization', 'Premium Materials', 'Fast Delivery']);
    expect(section).toHaveTextContent(/size.*material.*colors.*mounting/i);
    expect(section).toHaveTextContent(/indoor and phenolic/i);
    // The Premium Materials card's text names every material its tags list.
    const materials = within(section).getByRole('list', { name: 'Materials' });
    const text = materials.previousElementSibling?.textContent ?? '';
    for (const tag of within(materials).getAllByRole('listitem'))
      expect(text.toLowerCase()).toContain(tag.textContent!.toLowerCase());
  });

  it('has the contact section (anchor contact) with phone and email links from the run-time config', () => {
    const { container } = renderPage(<LandingPage />);
    const section = container.querySelector('section#contact');
    expect(section).not.toBeNull();
    const contact = within(section as HTMLElement);
    expect(contact.getByRole('heading', { level: 2, name: 'Get In Touch' })).toBeInTheDocument();
    expect(
      contact.getByText("Have questions or need a custom quote? We're here to help."),
    ).toBeInTheDocument();
    expect(contact.getByRole('link', { name: /\+1 \(555\) 010-4477/ })).toHaveAttribute(
      'href',
      'tel:+15550104477',
    );
    expect(
      contact.getByRole('link', { name: /orders@ ?engravedlabels ?\.example/ }),
    ).toHaveAttribute('href', 'mailto:orders@engravedlabels.example');
  });

  it('closes with Ready to Create Your Custom Label? and Start Configuring to /products', () => {
    renderPage(<LandingPage />);
    const closing = screen.getByRole('region', { name: 'Ready to Create Your Custom Label?' });
    expect(closing).toHaveTextContent(
      'Get started with our easy-to-use configurator and see your price instantly.',
    );
    expect(within(closing).getByRole('link', { name: 'Start Configuring' })).toHaveAttribute(
      'href',
      '/products',
    );
  });

  it('draws the hero labels in the configurator swatches, with a text alternative', () => {
    const { container } = renderPage(<LandingPage />);
    expect(
      screen.getByRole('img', { name: /Engraved equipment labels on a machine panel/ }),
    ).toBeInTheDocument();
    const colours = [...container.querySelectorAll('svg g[data-color]')].map((g) =>
      g.getAttribute('data-color'),
    );
    expect(colours.sort()).toEqual([
      'black-white',
      'orange-black',
      'red-white',
      'white-black',
      'yellow-black',
    ]);
    expect(container.querySelector('g[data-color="red-white"] rect')).toHaveAttribute(
      'fill',
      '#b91c1c',
    );
  });

  it('shows the design example price, which the shared price rules agree with', () => {
    renderPage(<LandingPage />);
    expect(screen.getByText('$5.20 per label')).toBeInTheDocument();
    expect(toPriceResult(priceLabel(HERO_EXAMPLE.configuration)).unitPrice).toBe(
      HERO_EXAMPLE.unitPrice,
    );
  });
});
