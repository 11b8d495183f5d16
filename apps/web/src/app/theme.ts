import { theme, type ThemeConfig } from 'antd';

/** A dark comedy-club look; the purple keeps white button text above 4.5:1 contrast. */
export const appTheme: ThemeConfig = {
  algorithm: theme.darkAlgorithm,
  token: {
    colorPrimary: '#722ed1',
    colorLink: '#b37feb',
    colorBgBase: '#141018',
    borderRadius: 8,
    fontSize: 15,
  },
};
