// Compiled into every frontend bundle on its own (it is deliberately NOT a shared module): it records which
// instance of each shared library this bundle resolved, so the shell can check there is only one in the browser.
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import { useSelector } from 'react-redux';
import { configureStore } from '@reduxjs/toolkit';
import { Button } from '@solvr/web-ui';
import { api } from '@solvr/web-data';
import { accountsApi } from '@solvr/web-accounts';
import { filesApi } from '@solvr/web-files';
import { newsApi } from '@solvr/web-news';

export const probe: Record<string, unknown> = {
  react: useState,
  'react-dom': createPortal,
  'react-router-dom': useNavigate,
  'react-redux': useSelector,
  '@reduxjs/toolkit': configureStore,
  '@solvr/web-ui': Button,
  '@solvr/web-data': api,
  '@solvr/web-accounts': accountsApi,
  '@solvr/web-files': filesApi,
  '@solvr/web-news': newsApi,
};
