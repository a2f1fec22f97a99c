import { Button, DownloadIcon } from '@shop/ui';
import { promptInstall, useInstallOffered } from '../../../lib/install-prompt';

/** Shown only while the browser offers to install the shop as an app (`beforeinstallprompt`). */
export function InstallAppButton() {
  const offered = useInstallOffered();
  if (!offered) return null;
  return (
    <Button type="button" $variant="inverse" onClick={() => void promptInstall()}>
      <DownloadIcon size={18} />
      Install App
    </Button>
  );
}
