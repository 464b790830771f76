import { expect, test } from './support.ts';

// The icons are drawn by hand as SVG paths (src/components/icons.tsx); a wrong path still renders,
// so only a look catches it: the wrench once drew a pen (issue 14). The picture was checked by eye.
test('the wrench icon draws a wrench', async ({ page }) => {
  await page.goto('/');
  const reason = page.locator('li', { has: page.getByText('Genuine Parts', { exact: true }) });
  const icon = reason.locator('svg').first();
  await icon.evaluate((svg) => {
    svg.setAttribute('width', '96');
    svg.setAttribute('height', '96');
    svg.style.cssText = 'width:96px;height:96px;color:#000;background:#fff';
  });
  await expect(icon).toHaveScreenshot('wrench.png', { maxDiffPixelRatio: 0.02 });
});
