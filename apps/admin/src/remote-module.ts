import { lazy, useState } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router-dom';
import { useSelector } from 'react-redux';
import { configureStore } from '@reduxjs/toolkit';
import { Button } from '@solvr/web-ui';
import { api, type RemoteModule } from '@solvr/web-data';
import './admin.css';

export const pages: RemoteModule['pages'] = {
  Admin: lazy(() => import('./pages/Admin')),
};

export const probe: RemoteModule['probe'] = {
  react: useState,
  'react-dom': createPortal,
  'react-router-dom': useNavigate,
  'react-redux': useSelector,
  '@reduxjs/toolkit': configureStore,
  '@solvr/web-ui': Button,
  '@solvr/web-data': api,
};
