import { AlertCircle } from 'lucide-react';
import { Card, CardBody } from '../components/ui/card.tsx';

export function NotFoundPage() {
  return (
    <div className="flex justify-center py-12">
      <Card className="w-full max-w-md">
        <CardBody className="py-8">
          <div className="mb-4 flex items-center gap-2">
            <AlertCircle aria-hidden="true" className="h-8 w-8 text-red-600" />
            <h1 className="text-2xl font-bold">404 Page Not Found</h1>
          </div>
          <p className="text-sm text-gray-700 dark:text-gray-300">Did you forget to add the page to the router?</p>
        </CardBody>
      </Card>
    </div>
  );
}
