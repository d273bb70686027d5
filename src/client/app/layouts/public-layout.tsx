import { Box } from '@mantine/core';
import { Outlet } from 'react-router';
import { AppHeader } from './app-header.tsx';

export function PublicLayout() {
  return (
    <>
      <AppHeader />
      <Box component="main" pb="xl">
        <Outlet />
      </Box>
    </>
  );
}
