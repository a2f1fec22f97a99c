import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <section>
      <h1>Page not found</h1>
      <p>We could not find that page.</p>
      <Link to="/">Back to the home page</Link>
    </section>
  );
}
