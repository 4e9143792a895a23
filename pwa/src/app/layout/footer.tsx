import { useAppConfig } from '../../features/config/api/get-config.ts';

export function Footer() {
  const config = useAppConfig();
  // Until the studio's name arrives the line goes without it (not 'Order Tracker': the header says that once).
  const owner = config.data ? ` ${config.data.studioName}` : '';
  return (
    <footer className="border-t border-gray-200 bg-white py-4 text-center text-sm text-gray-600 dark:border-gray-800 dark:bg-gray-900 dark:text-gray-400">
      © {new Date().getFullYear()}
      {owner}. All rights reserved.
    </footer>
  );
}
