import { Link } from 'react-router-dom';

export function LandingPage() {
  return (
    <section>
      <h1>Professional Custom Equipment Labels</h1>
      <p>
        High-quality indoor and outdoor equipment labels tailored to your exact specifications. Choose from premium
        materials and customize every detail.
      </p>
      <Link to="/products">Configure Your Label</Link>
    </section>
  );
}
