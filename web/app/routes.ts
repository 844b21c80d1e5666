import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

export default [
  layout('components/SiteLayout.tsx', [
    index('routes/home.tsx'),
    route('collection', 'routes/collection.tsx'),
    route('collection/:productId', 'routes/product.tsx'),
    route('story', 'routes/story.tsx'),
    route('faq', 'routes/faq.tsx'),
    route('retailers', 'routes/retailers.tsx'),
    route('blog', 'routes/blog.tsx'),
    route('blog/:slug', 'routes/blog-post.tsx'),
    route('contact', 'routes/contact.tsx'),
    route('privacy', 'routes/privacy.tsx'),
    route('legal', 'routes/legal.tsx'),
    route('account', 'routes/account.tsx'),
    route('account/order', 'routes/orders/draft.tsx'),
    route('account/orders', 'routes/orders/list.tsx'),
    route('account/orders/:orderId', 'routes/orders/detail.tsx'),
  ]),
  route('login', 'routes/login.tsx'),
  route('reset-password', 'routes/reset-password.tsx'),
  route('admin', 'routes/admin/layout.tsx', [
    index('routes/admin/index.tsx'),
    route('products', 'routes/admin/products.tsx'),
    route('blog', 'routes/admin/blog.tsx'),
    route('retailers', 'routes/admin/retailers.tsx'),
    route('wholesale', 'routes/admin/wholesale.tsx'),
    route('orders', 'routes/admin/orders.tsx'),
    route('orders/:orderId', 'routes/admin/order.tsx'),
  ]),
  route('*', 'routes/catchall.tsx'),
] satisfies RouteConfig;
