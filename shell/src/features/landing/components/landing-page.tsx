import { useDocumentTitle } from '../../../components/use-document-title';
import { ClosingSection } from './closing-section';
import { ContactSection } from './contact-section';
import { HeroSection } from './hero-section';
import { WhyChooseSection } from './why-choose-section';

/** The landing page (docs/product.md sections 1 and 2), prerendered at build time (src/prerender). */
export function LandingPage() {
  useDocumentTitle();
  return (
    <>
      <HeroSection />
      <WhyChooseSection />
      <ContactSection />
      <ClosingSection />
    </>
  );
}
