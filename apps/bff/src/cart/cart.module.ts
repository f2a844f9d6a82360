import { Module } from '@nestjs/common';
import { CartController } from './cart.controller';
import { WishlistController } from '../wishlist/wishlist.controller';

/** A member's cart and wishlist. */
@Module({ controllers: [CartController, WishlistController] })
export class CartModule {}
