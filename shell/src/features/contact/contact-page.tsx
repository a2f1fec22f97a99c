export function ContactPage() {
  return (
    <section>
      <h1>Contact</h1>
    </section>
  );
}
