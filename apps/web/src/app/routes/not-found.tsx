import { NotFoundPage } from '@/components/errors/route-error';

export default NotFoundPage;
