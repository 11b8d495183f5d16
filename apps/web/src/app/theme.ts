import { theme, type ThemeConfig } from 'antd';

/**
 * Colours that read as text on the dark surfaces (panels #1e1923, fields
 * #281b36, pop-ups #332243) at 4.5:1 or more (WCAG 1.4.3). The dark algorithm
 * makes the purple seed #642ab5: right behind white button text (8.3:1), far too
 * dark as text (2:1). So wherever antd paints the primary or the error colour
 * as text, a light shade takes its place.
 */
export const ACCESSIBLE_COLORS = {
  /** Purple as text: selected tabs and radio buttons, the PRO tag. */
  primaryText: '#c59cf5',
  linkHover: '#d3adf7',
  linkActive: '#b37feb',
  /** Secondary text (Typography type="secondary", descriptions, labels, group titles) and placeholders. */
  secondaryText: 'rgba(255, 255, 255, 0.58)',
  /** Red as text or outline, and the fill of a primary danger button under dark text. */
  errorText: '#ff7875',
  errorTextHover: '#ffa39e',
  infoText: '#69b1ff',
  /** Text on a filled danger button: white on #ff7875 is 2.6:1, this is 7.3:1. */
  onErrorFill: '#141018',
} as const;

/** A dark comedy-club look; the purple keeps white button text above 4.5:1 contrast. */
export const appTheme: ThemeConfig = {
  algorithm: theme.darkAlgorithm,
  token: {
    colorPrimary: '#722ed1',
    // A seed: the dark algorithm turns it into #ae8bd3 (5.1:1 on pop-ups).
    colorLink: '#c9a0f5',
    colorLinkHover: ACCESSIBLE_COLORS.linkHover,
    colorLinkActive: ACCESSIBLE_COLORS.linkActive,
    colorBgBase: '#141018',
    colorTextTertiary: ACCESSIBLE_COLORS.secondaryText,
    colorTextDescription: ACCESSIBLE_COLORS.secondaryText,
    colorTextPlaceholder: ACCESSIBLE_COLORS.secondaryText,
    colorErrorText: ACCESSIBLE_COLORS.errorText,
    colorErrorTextHover: ACCESSIBLE_COLORS.errorTextHover,
    colorErrorTextActive: ACCESSIBLE_COLORS.errorText,
    colorInfoText: ACCESSIBLE_COLORS.infoText,
    // The preset 'purple' tag's text colour (both spellings: they share one CSS variable).
    purple7: ACCESSIBLE_COLORS.primaryText,
    'purple-7': ACCESSIBLE_COLORS.primaryText,
    // antd's focus ring (buttons, tabs, switches): #3e2069 would hardly show on the dark page.
    colorPrimaryBorder: ACCESSIBLE_COLORS.linkActive,
    borderRadius: 8,
    fontSize: 15,
  },
  components: {
    Tabs: {
      itemSelectedColor: ACCESSIBLE_COLORS.primaryText,
      itemHoverColor: ACCESSIBLE_COLORS.linkHover,
      itemActiveColor: ACCESSIBLE_COLORS.linkActive,
      inkBarColor: ACCESSIBLE_COLORS.primaryText,
    },
    // An outlined radio button shows its checked state in the primary colour, as text.
    Radio: { colorPrimary: ACCESSIBLE_COLORS.primaryText, colorPrimaryHover: ACCESSIBLE_COLORS.linkHover },
    Button: {
      // A default button hovered, pressed or with its menu open shows purple text.
      defaultHoverColor: ACCESSIBLE_COLORS.linkHover,
      defaultHoverBorderColor: ACCESSIBLE_COLORS.linkHover,
      defaultActiveColor: ACCESSIBLE_COLORS.linkActive,
      defaultActiveBorderColor: ACCESSIBLE_COLORS.linkActive,
      colorError: ACCESSIBLE_COLORS.errorText,
      colorErrorHover: ACCESSIBLE_COLORS.errorTextHover,
      colorErrorActive: ACCESSIBLE_COLORS.errorText,
      dangerColor: ACCESSIBLE_COLORS.onErrorFill,
    },
    // Fields show focus by their border: the seed purple would be 2:1 against the field.
    Input: { activeBorderColor: ACCESSIBLE_COLORS.linkActive, hoverBorderColor: ACCESSIBLE_COLORS.linkActive },
    Select: { activeBorderColor: ACCESSIBLE_COLORS.linkActive, hoverBorderColor: ACCESSIBLE_COLORS.linkActive },
  },
};
