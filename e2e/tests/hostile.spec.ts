import { ACCOUNTS } from '../env.ts';
import { expect, settled, test, signInAs } from '../fixtures.ts';

// Short enough for every field's length limit (colour names: 80).
const XSS = `<img src=x onerror=__pwned=1></script><script>__pwned=2</script>"'&`;

test('markup typed into any field is shown as text on public pages and in the back-office, and never runs', async ({ page, request }) => {
  // A dozen pages, each checked by axe at two widths by the guard: more than the default minute.
  test.slow();
  const login = await request.post('/api/auth/login', { data: { email: ACCOUNTS.admin.email, password: ACCOUNTS.admin.password } });
  const auth = { authorization: `Bearer ${(await login.json()).access_token}` };
  const created = await request.post('/api/admin/products', {
    headers: auth,
    data: {
      translations: [
        { locale: 'fr', title: `Robe ${XSS}`, description: `Desc ${XSS}`, mantra: `Mantra ${XSS}` },
        { locale: 'en', title: `Dress ${XSS}`, description: `Desc ${XSS}`, mantra: null },
      ],
      variants: [
        {
          colorCode: null,
          imageUrl: '/uploads/afb68483eb857129163e7651-1200x1500.webp',
          imageGallery: [],
          price: 10,
          sizes: ['M'],
          translations: [
            { locale: 'fr', colorName: `Rouge ${XSS}` },
            { locale: 'en', colorName: `Red ${XSS}` },
          ],
        },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const product = await created.json();
  const sections = await (await request.get('/api/admin/blog/sections', { headers: auth })).json();
  const post = await (
    await request.post('/api/admin/blog', {
      headers: auth,
      data: {
        published: true,
        sectionId: sections[0].id,
        slug: 'hostile-e2e',
        translations: [
          { locale: 'fr', title: `Billet ${XSS}`, content: `## ${XSS}\n"${XSS}"\n${XSS}` },
          { locale: 'en', title: 'Post', content: XSS },
        ],
      },
    })
  ).json();
  expect(post.slug).toBe('hostile-e2e');
  const applied = await request.post('/api/retailers/contact', {
    data: { name: `Shop ${XSS}`, email: 'hostile@example.com', message: `Hello ${XSS}`, consent: true, company: XSS, shopType: XSS },
  });
  expect(applied.status()).toBe(202);

  const check = async (path: string) => {
    await page.goto(path);
    await settled(page);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
  };
  page.on('dialog', () => {
    throw new Error('a dialog opened');
  });
  await check('/');
  await expect(page.getByText(`Robe ${XSS}`).first()).toBeVisible();
  await check(`/collection/${product.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Robe ${XSS}`);
  // The structured data still parses: the script element was not closed early.
  const html = await (await request.get(`/collection/${product.id}`)).text();
  for (const m of html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)) expect(() => JSON.parse(m[1]!)).not.toThrow();
  await check('/blog');
  await check('/blog/hostile-e2e');
  await expect(page.getByRole('heading', { level: 2 }).first()).toHaveText(XSS);

  await signInAs(page, 'admin');
  await expect(page).toHaveURL(/\/admin\/products$/);
  await check('/admin/products');
  await expect(page.getByTestId('admin-product-card').filter({ hasText: `Robe ${XSS}` })).toHaveCount(1);
  await check('/admin/blog');
  await check('/admin/retailers');
  await expect(page.getByTestId('application-card').filter({ hasText: `Shop ${XSS}` })).toHaveCount(1);

  await request.delete(`/api/admin/products/${product.id}`, { headers: auth });
  await request.delete(`/api/admin/blog/${post.id}`, { headers: auth });
});
