import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import SettingsBrightnessOutlined from '@mui/icons-material/SettingsBrightnessOutlined';
import { useColorScheme } from '@mui/material/styles';
import type SvgIcon from '@mui/material/SvgIcon';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { COLOUR_MODES, type ColourMode } from '../../../lib/colour-scheme.ts';

const OPTIONS: Record<ColourMode, { label: string; title: string; icon: typeof SvgIcon }> = {
  system: {
    label: 'System',
    title: "Follow this device's setting",
    icon: SettingsBrightnessOutlined,
  },
  light: { label: 'Light', title: 'Always light', icon: LightModeOutlined },
  dark: { label: 'Dark', title: 'Always dark', icon: DarkModeOutlined },
};

type Props = {
  /** Icons only, each named for assistive technology and on hover: the menu's narrow row. */
  compact?: boolean;
};

/**
 * System, light or dark, kept on this device (decision 0057). Nothing is chosen until the theme's
 * provider has read the stored mode, right after the first render.
 */
export function ColourModeSwitch({ compact = false }: Props) {
  const { mode, setMode } = useColorScheme();
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      fullWidth={!compact}
      value={mode ?? null}
      // Pressing the chosen mode again keeps it: a scheme is always chosen.
      onChange={(_event, next: ColourMode | null) => next && setMode(next)}
      aria-label="Colour scheme"
    >
      {COLOUR_MODES.map((value) => {
        const { label, title, icon: Icon } = OPTIONS[value];
        return (
          <ToggleButton
            key={value}
            value={value}
            aria-label={compact ? label : undefined}
            title={title}
            sx={{ gap: 0.75, minHeight: 40, px: 1.5 }}
          >
            <Icon fontSize="small" aria-hidden />
            {!compact && label}
          </ToggleButton>
        );
      })}
    </ToggleButtonGroup>
  );
}
