import UAParser from 'ua-parser-js';
import type { DeviceKind } from '@app/contracts';

// What a member recognises a signed-in browser by, read from the user agent its session was
// opened with. ua-parser-js 1.x (MIT; its 2.x is AGPL). A user agent is the browser's own claim:
// a label to recognise, never a proof of which machine it is (decision 0043).

export type SessionDevice = {
  browser: string | null;
  os: string | null;
  device: string;
  deviceKind: DeviceKind;
};

/** "Chrome 131": the name and the major version; a name alone when there is no version. */
const named = (name: string | undefined, version: string | undefined) =>
  name ? (version ? `${name} ${version}` : name) : null;

const kinds: Partial<Record<string, DeviceKind>> = { mobile: 'phone', tablet: 'tablet' };

export function describeSessionDevice(userAgent: string | null | undefined): SessionDevice {
  const agent = userAgent?.trim() ?? '';
  const { browser, os, device } = new UAParser(agent).getResult();
  const browserName = named(browser.name, browser.major);
  const osName = named(os.name, os.version);
  // No device type is what desktop browsers report; a user agent naming neither browser nor
  // system (a script, an empty header) is not called a computer.
  const kind: DeviceKind = device.type
    ? (kinds[device.type] ?? 'other')
    : browserName || osName
      ? 'computer'
      : 'other';
  const model = [device.vendor, device.model].filter(Boolean).join(' ');
  const fallback = kind === 'computer' ? 'Computer' : 'Unknown device';
  return { browser: browserName, os: osName, device: model || fallback, deviceKind: kind };
}
