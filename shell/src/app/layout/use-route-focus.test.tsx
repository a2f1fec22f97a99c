import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router-dom';
import { renderPage } from '@shop/ui/testing';
import { resetShell } from '../../testing/shell-config';
import { useRouteFocus } from './use-route-focus';

function LatePage() {
  const [ready, setReady] = useState(false);
  return ready ? (
    <h1>Configurator</h1>
  ) : (
    <button onClick={() => setReady(true)}>Finish loading</button>
  );
}

/** A remote's route: its skeleton draws the page's heading, then the page replaces it. */
function SkeletonFirstPage() {
  const [ready, setReady] = useState(false);
  return ready ? (
    <h1>Shopping Cart</h1>
  ) : (
    <div data-skeleton="">
      <h1>Shopping Cart</h1>
      <button onClick={() => setReady(true)}>Finish loading</button>
    </div>
  );
}

function Shell() {
  useRouteFocus('main');
  return (
    <>
      <nav>
        <Link to="/">Home</Link>
        <Link to="/contact">Contact</Link>
        <Link to="/products">Products</Link>
        <Link to="/cart">Cart</Link>
        <Link to="/#contact">Contact section</Link>
      </nav>
      <main id="main" tabIndex={-1}>
        <Routes>
          <Route
            path="/"
            element={
              <>
                <h1>Home page</h1>
                <section id="contact">
                  <h2>Get In Touch</h2>
                </section>
              </>
            }
          />
          <Route path="/contact" element={<h1>Contact Us</h1>} />
          <Route path="/products" element={<LatePage />} />
          <Route path="/cart" element={<SkeletonFirstPage />} />
        </Routes>
      </main>
    </>
  );
}

beforeEach(() => resetShell());

describe('useRouteFocus', () => {
  it('leaves focus alone on the first page load', () => {
    renderPage(<Shell />);
    expect(document.body).toHaveFocus();
  });

  it("moves focus to the new page's main heading after a navigation", async () => {
    renderPage(<Shell />);
    await userEvent.click(screen.getByRole('link', { name: 'Contact' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toHaveFocus();
  });

  it('waits for a heading a remote renders later', async () => {
    renderPage(<Shell />);
    await userEvent.click(screen.getByRole('link', { name: 'Products' }));
    await act(async () => screen.getByRole('button', { name: 'Finish loading' }).click());
    expect(screen.getByRole('heading', { level: 1, name: 'Configurator' })).toHaveFocus();
  });

  it("waits for the page's own heading, not the one its skeleton draws", async () => {
    renderPage(<Shell />);
    await userEvent.click(screen.getByRole('link', { name: 'Cart' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Shopping Cart' })).not.toHaveFocus();
    await act(async () => screen.getByRole('button', { name: 'Finish loading' }).click());
    expect(screen.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toHaveFocus();
  });

  it('focuses the section a #fragment names', async () => {
    renderPage(<Shell />, { path: '/contact' });
    await userEvent.click(screen.getByRole('link', { name: 'Contact section' }));
    expect(document.getElementById('contact')).toHaveFocus();
  });
});
